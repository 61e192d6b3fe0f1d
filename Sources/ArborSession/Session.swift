// The session: one open database, bindings, declarations, commands.
