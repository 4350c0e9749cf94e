import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/**
 * The parts of a DynamoDB stream event our handlers read (the Lambda event source in the cloud;
 * the local runtime's stream reader builds the same from DynamoDB Local's GetRecords).
 */
export interface StreamRecord {
  eventName?: 'INSERT' | 'MODIFY' | 'REMOVE' | string;
  dynamodb?: {
    Keys?: Record<string, AttributeValue>;
    NewImage?: Record<string, AttributeValue>;
    OldImage?: Record<string, AttributeValue>;
    SequenceNumber?: string;
  };
}

export interface StreamEvent {
  Records: StreamRecord[];
}

/** Records the handler could not apply, for the event source to deliver again (partial batch response). */
export interface StreamBatchResult {
  batchItemFailures: { itemIdentifier: string }[];
}
