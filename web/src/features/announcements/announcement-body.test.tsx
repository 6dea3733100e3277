// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnnouncementBody } from './announcement-body.js';

afterEach(cleanup);

describe('<AnnouncementBody />', () => {
  it('renders links as safe anchors and markup as plain text', () => {
    const { container } = render(
      <AnnouncementBody
        text={'Baris 1\n<b>tebal</b> https://urs.sch.id/info.\njavascript:alert(1)'}
      />,
    );
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://urs.sch.id/info');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe(
      'Baris 1\n<b>tebal</b> https://urs.sch.id/info.\njavascript:alert(1)',
    );
  });
});
