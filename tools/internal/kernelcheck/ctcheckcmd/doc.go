// Package ctcheckcmd runs ctcheck, the command, on a copy of the library
// as a user would: TestCommand.
package ctcheckcmd
