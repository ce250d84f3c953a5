import BuiltinApps
import SessionService

Ribsd.main(registry: BuiltinApps.registry)
