"""The wire and the host: protocol frames, the authoritative table, transports, the client."""
