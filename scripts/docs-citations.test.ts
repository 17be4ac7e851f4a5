// Every "docs/<file>.md, <Section>" that a comment cites must exist: the file in docs/ and each
// named section as one of its `##` headings. A renamed heading or a removed document fails here
// instead of leaving the next engineer a dead reference. Also: nothing may point at a document
// outside the repository.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './lib/server-process';

const SCANNED = ['src', 'client/src', 'client/e2e', 'scripts', 'electron', 'docs', 'README.md', '.ci', 'electron-builder.yml', 'eslint.config.js', 'playwright.config.ts', 'vitest.config.ts', 'tsconfig.json', 'client/tsconfig.json', 'client/vite.config.ts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);
const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|css|md|sh|yml|json)$|^run$/;

function filesUnder(relative: string): string[] {
  const absolute = path.join(projectRoot, relative);
  if (!statSync(absolute, { throwIfNoEntry: false })) return [];
  if (statSync(absolute).isFile()) return [relative];
  return readdirSync(absolute).flatMap((name) => {
    const child = path.join(relative, name);
    if (statSync(path.join(projectRoot, child)).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : filesUnder(child);
    return TEXT_FILE.test(name) ? [child] : [];
  });
}

const sources = SCANNED.flatMap(filesUnder);

function headingsOf(document: string): string[] {
  return [...readFileSync(path.join(projectRoot, 'docs', document), 'utf8').matchAll(/^##+ (.+)$/gm)].map((match) => match[1].trim());
}

/**
 * The sections named right after a citation: `, "Exact heading"` or `, Name, Name and Name` up to
 * the first ':', ')', ';' or '.'. Words that do not start with a capital end the list (prose).
 */
export function citedSections(after: string): string[] {
  const quoted = /^,\s*"([^"]+)"/.exec(after);
  if (quoted) return [quoted[1]];
  if (!after.startsWith(',')) return [];
  const names: string[] = [];
  for (const part of after.slice(1).split(/[:);.\n]/, 1)[0].split(/,| and /)) {
    const name = part.trim().replace(/["'`]+$/, '');
    if (!/^[A-Z]/.test(name)) break;
    names.push(name);
  }
  return names;
}

interface Citation { file: string; line: number; document: string; sections: string[] }

function citations(): Citation[] {
  return sources.flatMap((file) => readFileSync(path.join(projectRoot, file), 'utf8').split('\n').flatMap((text, index) =>
    [...text.matchAll(/docs\/([a-z-]+\.md)/g)].map((match) => ({
      file, line: index + 1, document: match[1], sections: citedSections(text.slice(match.index + match[0].length)),
    }))));
}

describe('documentation references', () => {
  it('reads section lists as the comments write them', () => {
    expect(citedSections(', Screens, Behaviour and Validation): add form')).toEqual(['Screens', 'Behaviour', 'Validation']);
    expect(citedSections(', Constants width table)')).toEqual(['Constants width table']);
    expect(citedSections(', Messages, posts and maps)')).toEqual(['Messages']);
    expect(citedSections(', "Posts: one query path".')).toEqual(['Posts: one query path']);
    expect(citedSections(': after 20 failures')).toEqual([]);
  });

  it('every cited document exists and every cited section is one of its headings', () => {
    const found = citations();
    expect(found.length).toBeGreaterThan(40);
    const broken = found.flatMap((citation) => {
      const documents = readdirSync(path.join(projectRoot, 'docs'));
      if (!documents.includes(citation.document)) return [`${citation.file}:${citation.line}: docs/${citation.document} does not exist`];
      const headings = headingsOf(citation.document);
      return citation.sections
        .filter((section) => !headings.some((heading) => section === heading || section.startsWith(`${heading} `)))
        .map((section) => `${citation.file}:${citation.line}: docs/${citation.document} has no section "${section}"`);
    });
    expect(broken).toEqual([]);
  });

  it('no file points at a document outside the repository', () => {
    // Spelt in pieces so that this file does not match itself (a grep over the repository neither).
    const names = ['CON' + 'TRACT\\.md', 'SP' + 'EC\\.md', 'API-' + 'SHAPES', '\\.t' + 'mp/', '\\.\\./sha' + 'red/'];
    const outside = new RegExp(names.join('|'));
    const offenders = sources.filter((file) => outside.test(readFileSync(path.join(projectRoot, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
