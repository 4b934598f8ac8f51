"""Persistence: settings, seat tokens, game logs (resume and replay), private files."""
