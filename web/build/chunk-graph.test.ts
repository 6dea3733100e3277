import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { entryFile, namedChunkFile, staticClosure } from './chunk-graph.js';
import { bundleOf, chunk } from './test-bundle.js';

/** A build's chunks: the entry, the login and dashboard screens, and a screen opened later. */
const graph = () =>
  bundleOf(
    chunk('assets/index-a1.js', { isEntry: true, imports: ['assets/react-b2.js'] }),
    chunk('assets/react-b2.js'),
    chunk('assets/login-screen-c3.js', { imports: ['assets/field-d4.js', 'assets/react-b2.js'] }),
    chunk('assets/field-d4.js', { imports: ['assets/react-b2.js'] }),
    chunk('assets/inventory-screen-g7.js', { imports: ['assets/table-h8.js'] }),
    chunk('assets/table-h8.js'),
  );

describe('the build’s chunk graph', () => {
  it('gives a chunk and what it imports statically, each once; never a screen opened later', () => {
    const bundle = graph();
    expect(staticClosure(bundle, namedChunkFile(bundle, 'login-screen', 'test')).sort()).toEqual([
      'assets/field-d4.js',
      'assets/login-screen-c3.js',
      'assets/react-b2.js',
    ]);
    expect(entryFile(bundle, 'test')).toBe('assets/index-a1.js');
  });

  it('leaves out an external import, which is no chunk of the build', () => {
    const bundle = graph();
    (bundle['assets/field-d4.js'] as Rollup.OutputChunk).imports = [
      'assets/react-b2.js',
      'html2canvas',
    ];
    expect(staticClosure(bundle, 'assets/login-screen-c3.js')).not.toContain('html2canvas');
  });

  it('stops the build when a named chunk is not there (a renamed screen)', () => {
    expect(() => namedChunkFile(graph(), 'logon-screen', 'test')).toThrow(
      /test: no chunk named logon-screen/,
    );
  });
});
