#!/usr/bin/env bash
# Measure Tests/Kotlin/kotlinc: one small @Serializable file, and a batch of N such files in
# one invocation, with and without the harness's start-up tweaks (class-data-sharing archive,
# C1-only JIT). Not a test; the numbers go into Tests/Kotlin/README.md.
#
# Usage: Tests/Kotlin/time-compile.sh [--runs R] [--files N]   (defaults: 3 runs, 30 files)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=3
files=30
while [ $# -gt 0 ]; do
    case $1 in
        --runs) runs=$2; shift ;;
        --files) files=$2; shift ;;
        *) echo "usage: $0 [--runs R] [--files N]" >&2; exit 2 ;;
    esac
    shift
done

work="$root/.scratch/kotlin/timing"
rm -rf "$work"
mkdir -p "$work/one" "$work/many"

gen() {  # gen FILE INDEX: a file shaped like generated code (two classes and an open enum)
    cat >"$1" <<EOF
package timing.m$2

import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder

@Serializable
data class Message$2(val active: String?, val tabs: List<Item$2>)

@Serializable
data class Item$2(val id: String, val title: String, val kind: Kind$2? = null, val note: String? = null)

@Serializable(with = Kind${2}Serializer::class)
sealed interface Kind$2 {
    val value: String
    data object A : Kind$2 { override val value: String get() = "a" }
    data object B : Kind$2 { override val value: String get() = "b" }
    data class Unknown(override val value: String) : Kind$2
}

object Kind${2}Serializer : KSerializer<Kind$2> {
    override val descriptor: SerialDescriptor = PrimitiveSerialDescriptor("timing.Kind$2", PrimitiveKind.STRING)
    override fun serialize(encoder: Encoder, value: Kind$2) = encoder.encodeString(value.value)
    override fun deserialize(decoder: Decoder): Kind$2 = when (val s = decoder.decodeString()) {
        "a" -> Kind$2.A
        "b" -> Kind$2.B
        else -> Kind$2.Unknown(s)
    }
}
EOF
}
gen "$work/one/One.kt" 0
for i in $(seq 1 "$files"); do gen "$work/many/M$i.kt" "$i"; done

"$root/scripts/kotlin-env" >/dev/null
"$here/kotlinc" -d "$work/warm" "$work/one/One.kt"   # makes the CDS archive if missing

best() {  # best LABEL ENV... -- ARGS: best wall time of $runs compiles, all walls, CPU of the best
    local label=$1; shift
    local envs=()
    while [ "$1" != -- ]; do envs+=("$1"); shift; done
    shift
    local walls=() cpus=() tf="$work/time" TIMEFORMAT='%R %U %S' i
    for _ in $(seq 1 "$runs"); do
        rm -rf "$work/out"
        { time env "${envs[@]}" "$here/kotlinc" -d "$work/out" "$@" 2>&3; } 3>&2 2>"$tf"
        read -r r u s <"$tf"
        walls+=("$(awk -v r="$r" 'BEGIN { printf "%.1f", r }')")
        cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.1f", u + s }')")
    done
    i=$(for k in "${!walls[@]}"; do echo "${walls[$k]} $k"; done | sort -n | head -1 | cut -d' ' -f2)
    printf '%-44s best %5s s wall, %5s s CPU   (walls: %s)\n' "$label" "${walls[$i]}" "${cpus[$i]}" "${walls[*]}"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
best "1 file, default (CDS + C1)" KOTLINC_CDS=1 -- "$work/one/One.kt"
best "1 file, no CDS, C1" KOTLINC_CDS=0 -- "$work/one/One.kt"
best "1 file, no CDS, C1+C2 (plain java)" KOTLINC_CDS=0 KOTLINC_JAVA_OPTS=-Xshare:auto -- "$work/one/One.kt"
best "$files files in one invocation, default" KOTLINC_CDS=1 -- "$work/many"
best "$files files in one invocation, no CDS, C1+C2" KOTLINC_CDS=0 KOTLINC_JAVA_OPTS=-Xshare:auto -- "$work/many"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
