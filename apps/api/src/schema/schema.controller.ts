import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { logJsonSchema, tournamentJsonSchema } from '@cardlog/events';

const schema = logJsonSchema();
const tournamentSchema = tournamentJsonSchema();

@ApiTags('log format')
@Controller('v1/schema')
export class SchemaController {
  @Get('log')
  @Header('Content-Type', 'application/schema+json')
  @ApiOperation({ summary: 'The JSON Schema of the cardlog/1 game document' })
  log() {
    return schema;
  }

  @Get('tournament')
  @Header('Content-Type', 'application/schema+json')
  @ApiOperation({ summary: 'The JSON Schema of the cardlog-tournament/1 bundle (its games refer to the log schema)' })
  tournament() {
    return tournamentSchema;
  }
}
