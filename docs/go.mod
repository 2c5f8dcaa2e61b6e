// The project's documents. They are a module of their own only so that the
// library's module, the repository's root, holds the library alone: what a
// user downloads stays under 100 KB (docs/development.md). No Go code lives
// here.
module github.com/ctequal/ctequal/docs

go 1.24.0
