// docs/api-contract.md: 10 MB an image, 25 MB a PDF, 20 pictures a call. Apart from the routes so that code
// without Fastify (content bundles) applies the same bounds.
const MB = 1024 * 1024;
export const UPLOAD_LIMITS = { imageBytes: 10 * MB, pdfBytes: 25 * MB, picturesPerCall: 20 } as const;
