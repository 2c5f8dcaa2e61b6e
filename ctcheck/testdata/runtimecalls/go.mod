module example.com/runtimecalls

go 1.24
