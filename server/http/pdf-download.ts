/**
 * A PDF sent as a download (the car's printout, its analysis, its PPSR certificate): saved as
 * `filename`, with `cacheControl` saying who may keep it.
 */
export function pdfDownload(pdf: Uint8Array, filename: string, cacheControl: string): Response {
  // A copy: Response's types take Uint8Array<ArrayBuffer>, and pdf-lib's bytes are typed more loosely.
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
      'content-length': String(pdf.byteLength),
      'cache-control': cacheControl,
    },
  });
}
