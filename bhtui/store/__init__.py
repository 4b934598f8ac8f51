"""Persistence: config today; game logs, snapshots and replays later."""
