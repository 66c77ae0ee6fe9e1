package tabgen.kotlin.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Result;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunListener;

/**
 * JUnit 4 runner for the Kotlin tests (used by Tests/Kotlin/krun --junit).
 *
 * <p>Arguments: test class names, and/or {@code --scan PATH} (a class directory or jar) to run
 * every concrete public class there with a {@code @org.junit.Test} method.
 *
 * <p>Prints one line per test, the failures with their traces, and the closing line
 * {@code kotlin: N passed, N failed, N skipped}. Exits 1 when a test failed or when no test
 * ran at all (a typo in a class name must not look like success), else 0.
 */
public final class JUnitSummary {
    private JUnitSummary() {}

    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        TreeSet<String> names = new TreeSet<>();
        List<String> explicit = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--scan") && i + 1 < args.length) {
                scan(Paths.get(args[++i]), names);
            } else {
                explicit.add(args[i]);
            }
        }
        ClassLoader loader = JUnitSummary.class.getClassLoader();
        List<Class<?>> classes = new ArrayList<>();
        for (String name : explicit) {
            try {
                classes.add(Class.forName(name, false, loader));
            } catch (ClassNotFoundException e) {
                out.println("kotlin: no such test class on the classpath: " + name);
                out.println("kotlin: 0 passed, 1 failed");
                System.exit(1);
            }
        }
        for (String name : names) {
            if (explicit.contains(name)) continue;
            Class<?> c;
            try {
                c = Class.forName(name, false, loader);
            } catch (Throwable t) {
                continue; // not loadable on this classpath: not a test of ours
            }
            if (isTestClass(c)) classes.add(c);
        }
        if (classes.isEmpty()) {
            out.println("kotlin: no JUnit 4 test class found");
            out.println("kotlin: 0 passed, 0 failed");
            System.exit(1);
        }

        Counter counter = new Counter(out);
        JUnitCore core = new JUnitCore();
        core.addListener(counter);
        long start = System.nanoTime();
        Result result = core.run(classes.toArray(new Class<?>[0]));
        double seconds = (System.nanoTime() - start) / 1e9;

        List<Failure> failures = result.getFailures();
        if (!failures.isEmpty()) {
            out.println();
            out.println("Failures:");
            int n = 0;
            for (Failure f : failures) {
                out.printf("%d) %s%n", ++n, f.getTestHeader());
                out.print(trimTrace(f.getTrace()));
            }
        }
        int failed = result.getFailureCount();
        int skipped = result.getIgnoreCount() + counter.assumptionFailures;
        int passed = counter.finished - counter.failedTests - counter.assumptionFailures;
        out.printf("%nkotlin: %d test classes, %.2f s%n", classes.size(), seconds);
        out.printf("kotlin: %d passed, %d failed, %d skipped%n", passed, failed, skipped);
        System.exit(failed > 0 || passed + failed == 0 ? 1 : 0);
    }

    static boolean isTestClass(Class<?> c) {
        int m = c.getModifiers();
        if (c.isInterface() || c.isAnnotation() || c.isEnum() || Modifier.isAbstract(m) || !Modifier.isPublic(m)) {
            return false;
        }
        if (c.getEnclosingClass() != null && !Modifier.isStatic(m)) return false;
        try {
            for (Method method : c.getMethods()) {
                if (method.isAnnotationPresent(org.junit.Test.class)) return true;
            }
        } catch (Throwable t) {
            return false;
        }
        return false;
    }

    static void scan(Path path, TreeSet<String> names) throws IOException {
        if (Files.isDirectory(path)) {
            try (Stream<Path> files = Files.walk(path)) {
                files.filter(p -> p.toString().endsWith(".class")).forEach(p -> addName(path.relativize(p).toString(), names));
            }
        } else if (Files.isRegularFile(path)) {
            try (JarFile jar = new JarFile(path.toFile())) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                    String n = e.nextElement().getName();
                    if (n.endsWith(".class")) addName(n, names);
                }
            }
        }
    }

    static void addName(String file, TreeSet<String> names) {
        String n = file.substring(0, file.length() - ".class".length()).replace('\\', '/');
        if (n.startsWith("META-INF/") || n.endsWith("module-info") || n.matches(".*\\$\\d.*")) return;
        names.add(n.replace('/', '.'));
    }

    static String trimTrace(String trace) {
        StringBuilder b = new StringBuilder();
        for (String line : trace.split("\n")) {
            String t = line.trim();
            // Drop reflection and JUnit plumbing frames; keep the test's own.
            if (t.startsWith("at org.junit.") || t.startsWith("at java.base/jdk.internal.reflect.")
                    || t.startsWith("at java.base/java.lang.reflect.") || t.startsWith("at tabgen.kotlin.harness.")
                    || t.startsWith("at jdk.internal.reflect.")) {
                continue;
            }
            b.append("    ").append(line).append('\n');
        }
        return b.toString();
    }

    static final class Counter extends RunListener {
        final PrintStream out;
        int finished;
        int failedTests;
        int assumptionFailures;
        private boolean currentFailed;
        private boolean currentAssumption;
        private long started;

        Counter(PrintStream out) { this.out = out; }

        @Override public void testStarted(Description d) {
            currentFailed = false;
            currentAssumption = false;
            started = System.nanoTime();
        }

        @Override public void testFailure(Failure f) {
            if (f.getDescription().getMethodName() == null) {
                out.printf("FAIL %s (class-level: %s)%n", f.getDescription().getDisplayName(), f.getMessage());
                return;
            }
            currentFailed = true;
        }

        @Override public void testAssumptionFailure(Failure f) { currentAssumption = true; }

        @Override public void testIgnored(Description d) { out.printf("SKIP %s%n", name(d)); }

        @Override public void testFinished(Description d) {
            finished++;
            long ms = (System.nanoTime() - started) / 1_000_000;
            if (currentFailed) {
                failedTests++;
                out.printf("FAIL %s (%d ms)%n", name(d), ms);
            } else if (currentAssumption) {
                assumptionFailures++;
                out.printf("SKIP %s (assumption)%n", name(d));
            } else {
                out.printf("PASS %s (%d ms)%n", name(d), ms);
            }
        }

        private static String name(Description d) {
            String cls = d.getClassName();
            return cls.substring(cls.lastIndexOf('.') + 1) + "." + d.getMethodName();
        }
    }
}
