import * as ts from 'typescript';
import type { ConversionFinding } from '../convert/option-title-marks';
import { ENUM_NAMES_TAG, OPTION_TITLE_TAG } from '../elicit/option-titles';
import type { ScanContext } from './scan-context';
import { ownerOf } from './tag-spelling-report';

/** Reports what a conversion could not honour (option-title tags without effect) as warnings where they are written. */
export function reportConversionFindings(findings: readonly ConversionFinding[], context: ScanContext): void {
  for (const finding of findings) {
    const owner = ownerOf(finding.node);
    context.note(finding.node, 'ARM_WARN_OPTION_TITLE', { ...owner, property: owner.property ?? finding.property }, finding.message);
  }
}

/**
 * Option-title tags on a handler method title nothing (they belong on the property whose
 * options they title): each is a warning where it is written.
 */
export function reportMethodTitleTags(method: ts.MethodDeclaration, className: string, methodName: string, context: ScanContext): void {
  for (const tag of ts.getJSDocTags(method)) {
    const name = tag.tagName.text;
    if (name !== OPTION_TITLE_TAG && name !== ENUM_NAMES_TAG) continue;
    context.note(
      tag,
      'ARM_WARN_OPTION_TITLE',
      { className, property: methodName },
      `@${name} on a method has no effect; put @${OPTION_TITLE_TAG} <value> <title> on the property whose options it titles (a DTO or interface property), or give the enum's members @title tags`,
    );
  }
}
