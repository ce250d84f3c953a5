print("ribsd")
