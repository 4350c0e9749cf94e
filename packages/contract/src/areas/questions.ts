import { defineArea, permission } from '../route';

/**
 * Spec 002 §7 "Inspections, questions and notes": the questionnaire of an inspection, question
 * comments and the question configuration the questionnaire renders with.
 */
export const questionsRoutes = defineArea('questions', {
  getInspectionQuestions: {
    method: 'GET',
    path: '/api/inspections/{id}/questions',
    summary: 'The questionnaire of an inspection: template (question_groups, questions) and questionTypes',
    access: permission('read', 'Inspection'),
    division: 'required',
    publicRead: true,
    implemented: false,
  },
  createQuestionComment: {
    method: 'POST',
    path: '/api/inspections/{id}/questions/{questionId}/comments',
    summary: 'Set the comment of a question in an inspection (comment)',
    access: permission('update', 'Inspection'),
    division: 'required',
    implemented: false,
  },
  deleteQuestionComment: {
    method: 'DELETE',
    path: '/api/inspections/{id}/questions/{questionId}/comments',
    summary: 'Delete the comment of a question in an inspection',
    access: permission('update', 'Inspection'),
    division: 'required',
    implemented: false,
  },
  getTemplateQuestionsConfig: {
    method: 'GET',
    path: '/api/inspection-templates/{templateId}/questions/config',
    summary: 'Configuration of the questions of a template (questionTypeFieldId and value)',
    access: permission('read', 'Inspection'),
    division: 'required',
    publicRead: true,
    implemented: false,
  },
  getQuestionConfig: {
    method: 'GET',
    path: '/api/questions/{questionId}/config',
    summary: 'Configuration of one question (items with questionTypeFieldId and value)',
    access: permission('read', 'Inspection'),
    division: 'required',
    publicRead: true,
    implemented: false,
  },
});
