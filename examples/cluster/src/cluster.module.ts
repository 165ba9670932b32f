import { Module } from '@armature/di';
import { NotesModule } from '@armature-examples/notes';
import { ClusterTools } from './cluster.tools';

/** The notes server plus the cluster's two tools. */
@Module({ imports: [NotesModule], handlers: [ClusterTools] })
export class ClusterModule {}
