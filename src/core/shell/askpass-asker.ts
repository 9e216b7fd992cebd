// Who asks for a secret through the askpass bridge, and whether the card must warn: only ssh, git's
// credential path and sudo, each from a system folder, get a plain card.
import path from 'node:path';

/** The program that ran the helper, as the helper read it from /proc. */
export interface SecretAsker {
  pid: number;
  exe: string;
  argv: string[];
}

/** What the person is asked: a secret (masked field) or a yes/no question (text visible). */
export type SecretKind = 'secret' | 'confirm';

/** Folders only root can write to: a program there was installed, not written by a command. */
const SYSTEM_FOLDERS = ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin', '/usr/lib/git-core', '/usr/libexec/git-core', '/usr/lib/openssh', '/usr/libexec/openssh'];

/** ssh, sudo, git and its helpers that fill credentials (git-remote-https, git-credential-*). */
function trustedName(name: string): boolean {
  return name === 'ssh' || name === 'sudo' || name === 'git' || name.startsWith('git-remote-') || name.startsWith('git-credential-');
}

/** Undefined for a trusted asker; else the warning the card shows in the warning colour. */
export function askerWarning(asker: SecretAsker): string | undefined {
  const exe = asker.exe.replace(/ \(deleted\)$/, '');
  if (exe !== '' && exe === asker.exe && SYSTEM_FOLDERS.includes(path.dirname(exe)) && trustedName(path.basename(exe))) return undefined;
  return `asked by ${asker.exe || `an unknown program (pid ${asker.pid})`}, not by ssh/git/sudo — your answer goes to that program`;
}

/**
 * ssh's host-key question ("… (yes/no/[fingerprint])?") and SSH_ASKPASS_PROMPT=confirm want yes or
 * no, not a secret: the card shows the text and two answers.
 */
export function secretKind(prompt: string, confirm: boolean): SecretKind {
  return confirm || /\(yes\/no(\/\[fingerprint\])?\)\?\s*$/.test(prompt.trim() + ' ') ? 'confirm' : 'secret';
}
