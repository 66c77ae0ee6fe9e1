import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Checks the OpenJDK column of dialect-oracle.tsv against this JVM's java.util.regex. */
public final class DialectOracle {
    public static void main(String[] arguments) throws Exception {
        int passed = 0;
        int failed = 0;
        for (String line : Files.readAllLines(Paths.get(arguments[0]), StandardCharsets.UTF_8)) {
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] fields = line.split("\t", -1);
            String actual;
            try {
                // The flags Kotlin's Regex(pattern, RegexOption.IGNORE_CASE) passes on the JVM.
                Pattern pattern = Pattern.compile(fields[0], Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
                actual = pattern.matcher(fields[1]).find() ? "match" : "nomatch";
            } catch (PatternSyntaxException error) {
                actual = "rejects";
            }
            if (actual.equals(fields[3])) {
                passed++;
            } else {
                failed++;
                System.out.println("java-dialect: " + fields[0] + " on " + fields[1] + ": the table says " + fields[3] + ", OpenJDK " + actual);
            }
        }
        System.out.println("java-dialect: " + passed + " passed, " + failed + " failed");
        System.exit(failed == 0 ? 0 : 1);
    }
}
