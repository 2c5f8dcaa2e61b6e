# table.awk VERDICTS TIMES FINDINGS: the evaluation table.
# VERDICTS: modver \t file:line \t true|false \t reason
# TIMES:    modver \t packages \t seconds
# FINDINGS: modver \t file:line \t message
BEGIN { FS = "\t" }
FILENAME == ARGV[1] {
	if ($0 ~ /^#/ || NF < 3) next
	v[$1 SUBSEP $2] = $3
	if ($3 == "true") { want[$1] = want[$1] " " $2; ntrue[$1]++ }
	next
}
FILENAME == ARGV[2] { order[++n] = $1; pk[$1] = $2; t[$1] = $3; next }
{
	k = $1 SUBSEP $2
	if (k in seen) next
	seen[k] = 1
	f[$1]++
	if (v[k] == "true") tp[$1]++
	else if (v[k] == "false") fp[$1]++
	else { un[$1]++; unl = unl sprintf("unjudged\t%s\t%s\t%s\n", $1, $2, $3) }
}
END {
	printf "| module | packages | time (s) | findings | true | false | missed |\n"
	printf "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n"
	for (i = 1; i <= n; i++) {
		m = order[i]
		miss = ntrue[m] - tp[m]
		printf "| %s | %d | %.1f | %d | %d | %d | %d |\n", m, pk[m], t[m], f[m], tp[m], fp[m], miss
		T += tp[m]; F += fp[m]; M += miss; U += un[m]; N += f[m]; P += pk[m]
		split(want[m], w, " ")
		for (j in w) if (!((m SUBSEP w[j]) in seen)) ml = ml sprintf("missed\t%s\t%s\n", m, w[j])
	}
	printf "| **total (%d modules)** | %d | | %d | %d | %d | %d |\n", n, P, N, T, F, M
	printf "\nprecision %d/%d = %.1f%%, recall %d/%d = %.1f%%", T, T + F, (T + F) ? 100 * T / (T + F) : 100, T, T + M, (T + M) ? 100 * T / (T + M) : 100
	if (U) printf ", %d unjudged", U
	printf "\n"
	printf "%s%s", ml, unl > "/dev/stderr"
}
