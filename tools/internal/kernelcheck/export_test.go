package kernelcheck

// LibraryPolicy is libraryPolicy, for the external test package.
var LibraryPolicy = libraryPolicy
