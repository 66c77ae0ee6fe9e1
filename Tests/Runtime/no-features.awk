# A runtime under Runtime/ with every feature left out, as RuntimeSource does with none
# selected: the lines of each `// tabgen:begin NAME` ... `// tabgen:end NAME` block and
# every marker line dropped (`-v comment='#'` for a runtime whose comments start with #,
# Ruby's). Used by Tests/Runtime/<lang>/run.sh to compile that selection too. No runtime
# has a negated block (`begin !NAME`, kept when NAME is not selected): one stops the copy
# rather than be mistaken.
BEGIN { if (comment == "") comment = "//"; marker = "^[ \t]*" comment " tabgen:" }
$0 ~ marker "(begin|end) !" { print FILENAME ":" FNR ": negated block: teach Tests/Runtime/no-features.awk" > "/dev/stderr"; exit 1 }
$0 ~ marker "begin " { skip++; next }
$0 ~ marker "end " { skip--; next }
$0 ~ marker { next }
skip == 0 { print }
