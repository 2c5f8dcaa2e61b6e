// CI's script. A module of its own, as docs/ is, only so that the library's
// module, the repository's root, holds the library alone: what a user
// downloads stays under 100 KB (docs/development.md). No Go code lives here.
module github.com/ctequal/ctequal/ci

go 1.24.0
