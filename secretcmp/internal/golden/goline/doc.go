// Package goline holds secretcmp's golden tests of fixes in modules that
// do not require the library, whose go lines are older than its or not
// (TestGoLine): each module a load of its own.
package goline
