// A PDF built to run code and carry files, uploaded as a flyer: what is stored opens as a
// document and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, type StaffTestContext } from '../../test/helpers';
import { PLANTED_ACTIVE, multipart, pdfWithActiveContent } from '../../test/upload-files';

let ctx: StaffTestContext;
beforeAll(async () => { ctx = await createStaffTestApp('flyers@example.org'); });
afterAll(async () => ctx.cleanup());

describe('an uploaded PDF with active content and attachments', () => {
  it('loses /OpenAction, /AA, /JavaScript, /JS, /Launch, embedded files and attachment annotations with their bytes; the page and a plain link stay', async () => {
    const pdf = pdfWithActiveContent();
    for (const planted of [...Object.values(PLANTED_ACTIVE), '/OpenAction', '/EmbeddedFile']) expect(pdf.includes(Buffer.from(planted, 'latin1'))).toBe(true);
    const { payload, headers } = multipart([{ field: 'pdf', data: pdf, filename: 'flyer.pdf', contentType: 'application/pdf' }]);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/upload/pdf', payload, headers: { ...headers, ...bearer(ctx.authorToken) } });
    expect(response.statusCode).toBe(200);
    const file = (await ctx.app.inject({ method: 'GET', url: response.json<string>() })).rawPayload;
    for (const gone of [...Object.values(PLANTED_ACTIVE), '/OpenAction', '/AA', '/JavaScript', '/JS', '/Launch', '/EmbeddedFile', '/EF', '/FileAttachment', 'secret.txt']) {
      expect({ gone, found: file.includes(Buffer.from(gone, 'latin1')) }).toEqual({ gone, found: false });
    }
    const { PDFDocument, PDFName, PDFArray } = await import('@cantoo/pdf-lib');
    const document = await PDFDocument.load(file, { updateMetadata: false });
    expect(document.getPageCount()).toBe(1);
    expect(file.includes(Buffer.from('(Flyer text stays) Tj'))).toBe(true);
    // The link to an address is a link, not active content: it stays.
    const annotations = document.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    expect(annotations.size()).toBe(2);
    expect(file.includes(Buffer.from('https://example.org/help'))).toBe(true);
  });
});
