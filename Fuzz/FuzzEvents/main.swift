// Replaced by the fuzz entry point.
print("FuzzEvents")
