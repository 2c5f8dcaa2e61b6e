module example.com/xor

go 1.24
