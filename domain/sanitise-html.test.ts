import { describe, expect, it } from 'vitest';
import { sanitiseHtml } from './sanitise-html';

describe('rich text', () => {
  it('sanitises rich text', () => {
    expect(
      sanitiseHtml(
        '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://e.com">e</a></p>',
      ),
    ).toBe('<p>Hi <a>x</a> <a href="https://e.com" target="_blank" rel="noopener noreferrer">e</a></p>');
  });
});
