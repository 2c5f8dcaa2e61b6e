module example.com/goasmh

go 1.24
