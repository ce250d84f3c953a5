// RIBs
