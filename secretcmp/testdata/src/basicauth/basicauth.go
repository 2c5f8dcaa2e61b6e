// Package basicauth holds, in our own words, the basic-auth middlewares
// of web frameworks that compared credentials in variable time before
// they switched to crypto/subtle.
package basicauth

import (
	"encoding/base64"
	"net/http"
)

// The shape of gin's BasicAuth before v1.3: the "Basic " header of each
// account is built once, by concatenation, kept in a struct, and compared
// with the request's Authorization header with ==.
type Accounts map[string]string

type authPair struct { // want authPair:`secret fields: Value=password`
	Value string
	User  string
}

type authPairs []authPair

func (a authPairs) searchCredential(authValue string) (string, bool) {
	if len(authValue) == 0 {
		return "", false
	}
	for _, pair := range a {
		if pair.Value == authValue { // want `possible secret "password" \(by name, lower confidence; -names=false turns these off\) compared with == in variable time against authValue, request data r.Header.Get\("Authorization"\) \(basicauth.go:\d+\): use ctequal.EqualString`
			return pair.User, true
		}
	}
	return "", false
}

func BasicAuth(accounts Accounts) func(http.Handler) http.Handler {
	pairs := processAccounts(accounts)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if _, found := pairs.searchCredential(r.Header.Get("Authorization")); !found {
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

func processAccounts(accounts Accounts) authPairs {
	pairs := make(authPairs, 0, len(accounts))
	for user, password := range accounts {
		value := authorizationHeader(user, password)
		pairs = append(pairs, authPair{Value: value, User: user})
	}
	return pairs
}

func authorizationHeader(user, password string) string {
	base := user + ":" + password
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(base))
}
