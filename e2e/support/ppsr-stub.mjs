/**
 * Browser tests only: a stand-in for the paid PPSR register (PPSR_URL), so the PPSR download can be
 * followed end to end. Every document it returns says it is a test document, not a certificate.
 */
import { createServer } from 'node:http';
import pdfLib from 'pdf-lib';

const { PDFDocument, StandardFonts } = pdfLib;
const port = Number(process.env.PPSR_STUB_PORT ?? 3199);

createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/health') {
    response.end('ok');
    return;
  }
  const vin = url.searchParams.get('vin');
  if (!vin) {
    response.statusCode = 400;
    response.end('vin is required');
    return;
  }
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(`TEST DOCUMENT - not a PPSR certificate. VIN ${vin}`, { x: 50, y: 780, size: 12, font });
  response.setHeader('content-type', 'application/pdf');
  response.end(Buffer.from(await doc.save()));
}).listen(port, '127.0.0.1');
