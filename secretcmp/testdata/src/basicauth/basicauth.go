// Package basicauth holds, in our own words, the basic-auth middlewares // want package:"imports github.com/ctequal/ctequal"
// of web frameworks that compared credentials in variable time before
// they switched to crypto/subtle.
package basicauth

import (
	"encoding/base64"
	"net/http"

	"github.com/ctequal/ctequal"
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

// The shape of fiber's basicauth before v2.1: the default Authorizer looks
// the password up in a map by user name, into the variable that held the
// user name, and compares it with the request's password with ==.
type Config struct {
	Users      map[string]string
	Authorizer func(user, pass string) bool
}

func New(cfg Config) {
	if cfg.Authorizer == nil {
		cfg.Authorizer = func(user, pass string) bool {
			user, exist := cfg.Users[user]
			if !exist {
				return false
			}
			return user == pass // want `possible secret "Users\[user\]" \(by name, lower confidence; -names=false turns these off\) compared with == in variable time against pass, parameter pass of a function literal \(basicauth.go:\d+\): use ctequal.EqualString`
		}
	}
}

// The shape of chi's BasicAuth before v5.0.1: creds[user] against the
// password from r.BasicAuth(), with !=.
func ChiBasicAuth(realm string, creds map[string]string) func(next http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			user, pass, ok := r.BasicAuth()
			if !ok {
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			credPass, credUserOk := creds[user]
			if !credUserOk || pass != credPass { // want `possible secret "creds\[user\]" \(by name, lower confidence; -names=false turns these off\) compared with != in variable time against pass, request data r.BasicAuth\(\) \(basicauth.go:\d+\): use ctequal.EqualString`
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// The fixed versions compare in constant time: nothing to report.
func FixedAuthorizer(users map[string]string) func(user, pass string) bool {
	return func(user, pass string) bool {
		p, ok := users[user]
		return ok && ctequal.EqualString(p, pass)
	}
}
