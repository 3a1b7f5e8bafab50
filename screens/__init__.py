"""The Textual UI: thin screens that call the core (`companion`) and render what it returns."""
