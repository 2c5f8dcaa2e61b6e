module example.com/users

go 1.24
