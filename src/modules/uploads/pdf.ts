// PDFs lose their metadata before they are stored: the Info dictionary (author, creator,
// producer, dates, title ...) and every XMP /Metadata stream. They lose their active content and
// attachments too: what runs on opening or on an event (/OpenAction, /AA), scripts (/JavaScript,
// /JS, XFA forms), actions other than going to a page or an address (/Launch, /SubmitForm ...),
// and embedded files (/EmbeddedFiles, /EF, file-attachment annotations) with their bytes. A
// visitor opening a flyer of this site opens a document, nothing else. The document is parsed and written
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
    removeMetadataAndActiveContent(lib, document);
    cleaned = await document.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  } catch (error) {
    if (typeof (error as NodeJS.ErrnoException).syscall === 'string') throw error;
    throw apiError(415, messages.fileTypeNotSupported, field);
  }
  await writeFile(file, cleaned);
}

/** Keys removed from every dictionary: metadata, things that run, and embedded files. */
const REMOVED_KEYS = ['Metadata', 'OpenAction', 'AA', 'JS', 'JavaScript', 'EmbeddedFiles', 'EF', 'XFA'];
/** The only actions kept (a link to a page of the document, to an address, or a viewer command). */
const KEPT_ACTIONS = new Set(['GoTo', 'URI', 'Named']);
/** Annotations that carry files, media or scripts: removed from their page. */
const REMOVED_ANNOTATIONS = new Set(['FileAttachment', 'RichMedia', 'Movie', 'Sound', 'Screen', '3D']);

function removeMetadataAndActiveContent(lib: PdfLib, document: PdfLibModule.PDFDocument): void {
  const { context } = document;
  const { PDFArray, PDFDict, PDFName, PDFRef, PDFStream } = lib;
  delete context.trailerInfo.Info;
  const removedKeys = REMOVED_KEYS.map((key) => PDFName.of(key));
  const nameOf = (value: unknown) => (value instanceof PDFName ? value.decodeText() : undefined);
  const dictOf = (value: unknown) => {
    const object = value instanceof PDFRef ? context.lookup(value) : value;
    return object instanceof PDFDict ? object : undefined;
  };
  /** An action that is not a plain link: JavaScript, Launch, SubmitForm, ImportData, GoToR ... */
  const isActiveAction = (value: unknown) => {
    const action = dictOf(value);
    const kind = action && nameOf(action.get(PDFName.of('S')));
    return kind !== undefined && !KEPT_ACTIONS.has(kind);
  };

  // Walk from the catalog: drop what is removed wherever it hangs (catalog, pages, annotations,
  // images, fonts, name trees) and remember every object still in use; the rest is deleted, so
  // the bytes of a removed script or attachment are not left in the file.
  const reachable = new Set<string>();
  const visit = (object: unknown): void => {
    if (object instanceof PDFRef) {
      if (reachable.has(object.tag)) return;
      reachable.add(object.tag);
      visit(context.lookup(object));
    } else if (object instanceof PDFStream) {
      visit(object.dict);
    } else if (object instanceof PDFDict) {
      for (const key of removedKeys) object.delete(key);
      for (const key of ['A', 'Next', 'PA'].map((name) => PDFName.of(name))) {
        if (isActiveAction(object.get(key))) object.delete(key);
      }
      const annotations = object.get(PDFName.of('Annots'));
      const list = annotations instanceof PDFRef ? context.lookup(annotations) : annotations;
      if (list instanceof PDFArray) {
        for (let index = list.size() - 1; index >= 0; index -= 1) {
          const subtype = nameOf(dictOf(list.get(index))?.get(PDFName.of('Subtype')));
          if (subtype && REMOVED_ANNOTATIONS.has(subtype)) list.remove(index);
        }
      }
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
