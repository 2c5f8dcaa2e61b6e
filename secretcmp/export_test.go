package secretcmp

// NameLooksSecret is nameLooksSecret, for the external test package.
var NameLooksSecret = nameLooksSecret

// CtequalGoLine is ctequalGoLine, for the external test package.
const CtequalGoLine = ctequalGoLine
