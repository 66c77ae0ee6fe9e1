// Android oracle: loads a path configuration with Gson the way hotwire-native-android does
// (GsonBuilder().setObjectToNumberStrategy(LONG_OR_DOUBLE), fromJson(String, TypeToken)),
// then resolves each URL (java.net.URL path + ?query, Pattern CASE_INSENSITIVE|UNICODE_CASE, find).
// Usage: java -cp gson.jar:. AndroidOracle urls.txt config.json...  -> one JSON line per config and URL.
import com.google.gson.*;
import com.google.gson.reflect.TypeToken;
import java.net.*;
import java.nio.file.*;
import java.util.*;
import java.util.regex.*;

public class AndroidOracle {
    static class Data {
        List<Rule> rules = new ArrayList<>();
        HashMap<String, Object> settings = new HashMap<>();
        Data() {}
    }
    static class Rule {
        List<String> patterns;
        HashMap<String, Object> properties;
        Rule(List<String> patterns, HashMap<String, Object> properties) { this.patterns = patterns; this.properties = properties; }
    }
    static final Gson gson = new GsonBuilder().setObjectToNumberStrategy(ToNumberPolicy.LONG_OR_DOUBLE).create();

    static Rule historical(String route, String presentation) {
        HashMap<String, Object> p = new HashMap<>();
        p.put("presentation", presentation); p.put("context", "DEFAULT"); p.put("historical_location", true);
        return new Rule(List.of("/" + route + "_historical_location"), p);
    }
    static final List<Rule> HISTORICAL = List.of(historical("recede", "POP"), historical("resume", "NONE"), historical("refresh", "REFRESH"));

    static String path(String location) {
        URL url;
        try { url = new URL(location); } catch (MalformedURLException e) { return ""; }
        return url.getQuery() == null ? url.getPath() : url.getPath() + "?" + url.getQuery();
    }

    static boolean matches(Rule rule, String path) {
        for (String p : rule.patterns) {   // NPE when patterns is null
            Objects.requireNonNull(p);      // Kotlin's Regex(pattern) parameter check
            try {
                if (Pattern.compile(p, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE).matcher(path).find()) return true;
            } catch (PatternSyntaxException e) { /* release build: matches nothing */ }
        }
        return false;
    }

    static String q(Object o) { return o == null ? "null" : new Gson().toJson(o.toString()); }

    static String enumRead(Object raw, String[] values) {
        String v = raw == null ? "default" : raw.toString();
        String up = v.toUpperCase(Locale.ROOT);
        for (String value : values) if (value.toUpperCase(Locale.ROOT).equals(up)) return q(value);
        return q("default");
    }
    static String boolRead(Object raw, boolean dflt) {
        if (raw == null) return String.valueOf(dflt);
        if (raw instanceof Boolean) return raw.toString();
        return "\"throws ClassCastException\"";
    }

    public static void main(String[] args) throws Exception {
        List<String> urls = Files.readAllLines(Path.of(args[0]));
        for (int i = 1; i < args.length; i++) resolveAll(args[i], urls);
    }

    static void resolveAll(String file, List<String> urls) throws Exception {
        String json = Files.readString(Path.of(file));
        String name = Path.of(file).getFileName().toString();
        Data data = null;
        String dropped = null, loadThrows = null;
        try {
            data = gson.fromJson(json, new TypeToken<Data>() {}.getType());
            if (data == null) dropped = "null document";
        } catch (Exception e) { dropped = e.getClass().getSimpleName(); }
        if (data != null) {
            try { int n = data.rules.size() + data.settings.size(); } catch (NullPointerException e) { loadThrows = "NullPointerException"; }
        }
        if (data == null) data = new Data();
        for (String url : urls) {
            if (url.isBlank() || url.startsWith("#")) continue;
            String text = path(url.startsWith("/") ? "https://app.example.invalid" + url : url);
            StringBuilder out = new StringBuilder("{\"case\":" + q(name) + ",\"url\":" + q(url) + ",\"matched\":" + q(text) + ",\"dropped\":" + q(dropped));
            HashMap<String, Object> props = new HashMap<>();
            String thrown = loadThrows;
            if (thrown == null) {
                try {
                    List<Rule> all = new ArrayList<>(data.rules); all.addAll(HISTORICAL);
                    for (Rule rule : all) if (matches(rule, text)) props.putAll(rule.properties);
                } catch (NullPointerException e) { thrown = "NullPointerException"; }
            }
            out.append(",\"throws\":").append(q(thrown));
            if (thrown == null) {
                out.append(",\"properties\":{");
                out.append("\"context\":").append(enumRead(props.get("context"), new String[]{"default", "modal"}));
                out.append(",\"presentation\":").append(enumRead(props.get("presentation"), new String[]{"default", "push", "pop", "replace", "replace_root", "clear_all", "refresh", "none"}));
                out.append(",\"query_string_presentation\":").append(enumRead(props.get("query_string_presentation"), new String[]{"default", "replace"}));
                out.append(",\"pull_to_refresh_enabled\":").append(boolRead(props.get("pull_to_refresh_enabled"), false));
                out.append(",\"animated\":").append(boolRead(props.get("animated"), true));
                out.append(",\"uri\":").append(q(props.get("uri")));
                out.append(",\"fallback_uri\":").append(q(props.get("fallback_uri")));
                out.append(",\"title\":").append(q(props.get("title")));
                out.append("}");
            }
            System.out.println(out.append("}"));
        }
    }
}
