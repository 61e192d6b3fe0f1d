/// The text of `--help` after the overview, which the man page is made of too
/// (`ManualPage`): a line in capitals ending in `:` starts a section, a line
/// indented by two spaces is an entry (its term, two spaces, its text), and a line
/// indented further goes on with the entry above. Lines fit in 80 columns.
enum HelpText {
    static let discussion = """
        Without -c, arbor reads statements from standard input, one per line (a \
        statement goes on while its brackets are open): the terminal interface when \
        standard input and output are terminals, else line mode. Without DATABASE, it \
        opens the built-in demo library of GRDB's Associations guide. The database is \
        opened read-only unless --write is given.

        EXIT STATUS:
          0    success
          1    a statement failed (its error on standard error, its range marked),
               or a checking mode (--advise) found something
          2    a usage error, or a database or file that cannot be opened or read
          130  interrupted (SIGINT) while running -c or a script

        ENVIRONMENT:
          ARBOR_BUSY_TIMEOUT  seconds to wait for another process's lock (default 5)
          ESCDELAY            milliseconds Escape waits for a key's sequence (default 25)
          NO_COLOR            no colour in the terminal interface (--color auto)
          TERM                TERM=dumb gives line mode, not the terminal interface
          XDG_CONFIG_HOME     the start-up file is $XDG_CONFIG_HOME/arbor/init
                              (default ~/.config/arbor/init)
          XDG_STATE_HOME      the histories are in $XDG_STATE_HOME/arbor/histories/
                              (default ~/.local/state/arbor/histories/)

        FILES:
          ~/.config/arbor/init             start-up statements, run before --load
                                           and -c (--init FILE names another one,
                                           --no-init skips it)
          ~/.local/state/arbor/histories/  a history file per database

        EXAMPLES:
          arbor -c 'Author.including(all: Author.books)' --format json
          arbor library.sqlite -c 'Book.including(required: Book.author)' --format sql
          arbor library.sqlite -c ':sql SELECT * FROM book' --format csv > books.csv
          arbor library.sqlite --load Sources/Models
          arbor library.sqlite --graph --format mermaid
          echo 'Author.limit(3)' | arbor library.sqlite --format jsonl
        """
}
