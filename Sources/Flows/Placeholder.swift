// Flows
