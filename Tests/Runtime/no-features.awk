# A runtime under Runtime/ with every feature left out, as RuntimeSource does with none
# selected: the lines of each `// tabgen:begin NAME` ... `// tabgen:end NAME` block and
# every marker line dropped. Used by Tests/Runtime/<lang>/run.sh to compile that
# selection too. No runtime has a negated block (`begin !NAME`, kept when NAME is not
# selected): one stops the copy rather than be mistaken.
/^[ \t]*\/\/ tabgen:(begin|end) !/ { print FILENAME ":" FNR ": negated block: teach Tests/Runtime/no-features.awk" > "/dev/stderr"; exit 1 }
/^[ \t]*\/\/ tabgen:begin / { skip++; next }
/^[ \t]*\/\/ tabgen:end / { skip--; next }
/^[ \t]*\/\/ tabgen:/ { next }
skip == 0 { print }
