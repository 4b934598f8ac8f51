"""The Textual screens: table, dialogs, i18n, card styles and themes."""
