package secretcmp

// NameLooksSecret is nameLooksSecret, for the external test package.
var NameLooksSecret = nameLooksSecret
