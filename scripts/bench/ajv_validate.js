#!/usr/bin/env node
// Validates a JSON Lines corpus with ajv, the way a Node service would: read the
// file, split lines, JSON.parse each, call one compiled validate function.
// Usage: node ajv_validate.js SCHEMA CORPUS   (AJV_DIR: the ajv module folder)
// Prints one JSON object: lines, invalid (schema failures + unparsable lines), seconds.
'use strict';
const fs = require('fs');

const Ajv = require(process.env.AJV_DIR || 'ajv');
const [schemaPath, corpusPath] = process.argv.slice(2);
if (!schemaPath || !corpusPath) {
  console.error('usage: ajv_validate.js SCHEMA CORPUS');
  process.exit(2);
}

const started = process.hrtime.bigint();
const ajv = new Ajv({ allErrors: false });
const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, 'utf8')));
const text = fs.readFileSync(corpusPath, 'utf8');
let lines = 0;
let invalid = 0;
let start = 0;
while (start < text.length) {
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  const line = text.slice(start, end);
  start = end + 1;
  if (line.trim() === '') continue;  // blank lines are no payload, as in tabgen
  lines++;
  let payload;
  try {
    payload = JSON.parse(line);
  } catch (e) {
    invalid++;
    continue;
  }
  if (!validate(payload)) invalid++;
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
process.stdout.write(JSON.stringify({ lines, invalid, seconds }) + '\n');
