module example.com/declared

go 1.24
