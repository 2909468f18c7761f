// `flashscope schema`: prints the device JSON Schema (issue 16 part 1).
//
// A placeholder until the schema lands: another change of issue 16 owns
// this command and replaces this file and schema_command.cpp; main.cpp
// only calls SchemaCommand() from the `schema` subcommand.
#pragma once

namespace flashscope {

// Prints the schema on stdout; returns the exit status.
int SchemaCommand();

}  // namespace flashscope
