module example.com/go125

go 1.25.0
