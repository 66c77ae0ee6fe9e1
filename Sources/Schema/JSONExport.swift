// Schema's API speaks in JSON values and pointers (a payload to validate, a finding's
// path), so `import Schema` brings the JSON module with it: an app validating payloads
// with the Schema library product imports one module, as before the split.
@_exported import JSON
