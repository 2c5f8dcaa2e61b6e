module example.com/features

go 1.24
