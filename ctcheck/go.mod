module github.com/ctequal/ctequal/ctcheck

go 1.24.0
