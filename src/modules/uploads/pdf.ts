// PDFs lose their metadata before they are stored: the Info dictionary (author, creator,
// producer, dates, title ...) and every XMP /Metadata stream. The document is parsed and written
// again with a maintained PDF library; pages and their content are kept as they are. Only what
// the document still uses is written, so an older revision's Info left in the file goes too. A
// PDF the library cannot read (damaged, or encrypted) is refused, never stored half-cleaned.
import { readFile, writeFile } from 'node:fs/promises';
import type * as PdfLibModule from '@cantoo/pdf-lib';
import { apiError, messages } from '../../errors';

type PdfLib = typeof PdfLibModule;
let pdfLib: Promise<PdfLib> | null = null;

/** Loaded on the first PDF, so the server's resting memory does not carry it. */
function loadPdfLib(): Promise<PdfLib> {
  pdfLib ??= import('@cantoo/pdf-lib');
  return pdfLib;
}

/** Rewrites the PDF at `file` in place without its metadata; throws a 415 when it cannot be read. */
export async function stripPdfMetadata(file: string, field: string): Promise<void> {
  const lib = await loadPdfLib();
  let cleaned: Uint8Array;
  try {
    // updateMetadata: false, or the library would write its own producer and dates.
    const document = await lib.PDFDocument.load(await readFile(file), { updateMetadata: false, throwOnInvalidObject: true });
    // A file that only starts like a PDF parses as an empty document: it is no PDF to publish.
    if (document.context.trailerInfo.Root === undefined || document.getPageCount() === 0) throw new Error('no pages');
    removeMetadata(lib, document);
    cleaned = await document.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  } catch (error) {
    if (typeof (error as NodeJS.ErrnoException).syscall === 'string') throw error;
    throw apiError(415, messages.fileTypeNotSupported, field);
  }
  await writeFile(file, cleaned);
}

function removeMetadata(lib: PdfLib, document: PdfLibModule.PDFDocument): void {
  const { context } = document;
  const { PDFArray, PDFDict, PDFName, PDFRef, PDFStream } = lib;
  delete context.trailerInfo.Info;
  const metadata = PDFName.of('Metadata');

  // Walk from the catalog: drop /Metadata wherever it hangs (catalog, pages, images, fonts) and
  // remember every object still in use.
  const reachable = new Set<string>();
  const visit = (object: unknown): void => {
    if (object instanceof PDFRef) {
      if (reachable.has(object.tag)) return;
      reachable.add(object.tag);
      visit(context.lookup(object));
    } else if (object instanceof PDFStream) {
      visit(object.dict);
    } else if (object instanceof PDFDict) {
      object.delete(metadata);
      for (const [, value] of object.entries()) visit(value);
    } else if (object instanceof PDFArray) {
      for (const value of object.asArray()) visit(value);
    }
  };
  visit(context.trailerInfo.Root);
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reachable.has(ref.tag)) context.delete(ref);
  }
}
