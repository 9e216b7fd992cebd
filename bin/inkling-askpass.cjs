#!/usr/bin/env node
// inkling's askpass helper: ssh (SSH_ASKPASS), git (GIT_ASKPASS) and sudo -A run it with a prompt;
// it asks inkling over the session's unix socket and prints the answer on stdout, to the asking
// program only. Plain CommonJS with no imports of inkling: it starts in ~40 ms inside the sandbox.
'use strict';
const fs = require('node:fs');
const net = require('node:net');

const socketPath = process.env.INKLING_ASKPASS_SOCKET;
const token = process.env.INKLING_ASKPASS_TOKEN;
const prompt = process.argv.slice(2).join(' ');

function refuse(message) {
  process.stderr.write(`inkling-askpass: ${message}\n`);
  process.exit(1);
}

// -p (or any run with nobody to ask) sets no socket: answer at once rather than wait.
if (!socketPath || !token) refuse('no terminal to ask');

/** Who runs this helper: the program whose prompt this is. */
function asker() {
  const pid = process.ppid;
  let exe = '';
  let argv = [];
  try {
    exe = fs.readlinkSync(`/proc/${pid}/exe`);
  } catch {
    // Another user's process, or gone: the card then says the asker is unknown.
  }
  try {
    argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter((a, i, all) => a !== '' || i < all.length - 1);
  } catch {
    // As above.
  }
  return { pid, exe, argv };
}

const question = { token, prompt, confirm: process.env.SSH_ASKPASS_PROMPT === 'confirm', ...asker() };
const socket = net.createConnection(socketPath);
let reply = '';
socket.setEncoding('utf8');
socket.on('connect', () => socket.write(JSON.stringify(question) + '\n'));
socket.on('data', (chunk) => {
  reply += chunk;
});
socket.on('error', (err) => refuse(`cannot reach inkling: ${err.message}`));
socket.on('end', () => {
  let answer;
  try {
    answer = JSON.parse(reply);
  } catch {
    refuse('inkling gave no answer');
  }
  if (typeof answer.answer !== 'string') refuse(answer.refused || 'no answer');
  process.stdout.write(answer.answer + '\n');
  process.exit(0);
});
