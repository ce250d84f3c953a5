// BuiltinApps
