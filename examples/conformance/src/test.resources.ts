import { Resource, ResourceTemplate } from '@armature/core';
import { RED_PIXEL_PNG } from './fixtures';

/** What `test://template/{id}/data` returns. */
export interface TemplateData {
  id: string;
  templateTest: boolean;
  data: string;
}

/** The resources the conformance suite reads and subscribes to. */
export class TestResources {
  @Resource('test://static-text', { name: 'static-text', description: 'A static text resource.', mimeType: 'text/plain' })
  staticText(): string {
    return 'This is the content of the static text resource.';
  }

  @Resource('test://static-binary', {
    name: 'static-binary',
    description: 'A static binary resource (a PNG image).',
    mimeType: 'image/png',
  })
  staticBinary(): Buffer {
    return RED_PIXEL_PNG;
  }

  @Resource('test://watched-resource', {
    name: 'watched-resource',
    description: 'A resource clients may subscribe to.',
    mimeType: 'text/plain',
  })
  watched(): string {
    return 'Watched resource content.';
  }

  @ResourceTemplate('test://template/{id}/data', { name: 'template-data', description: 'Data for one id.', mimeType: 'application/json' })
  templateData(id: string): TemplateData {
    return { id, templateTest: true, data: `Data for ID: ${id}` };
  }
}
